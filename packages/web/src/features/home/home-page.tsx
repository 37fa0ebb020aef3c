// TEMPORARY: replaced by the real screen
export function HomePage() {
  return <div>HomePage</div>;
}
