// TEMPORARY: replaced by the real screen
export function ResetPasswordPage() {
  return <div>ResetPasswordPage</div>;
}
