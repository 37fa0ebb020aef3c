// TEMPORARY: replaced by the real screen
export function LoginPage() {
  return <div>LoginPage</div>;
}
