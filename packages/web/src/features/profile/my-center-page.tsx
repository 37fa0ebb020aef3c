// TEMPORARY: replaced by the real screen
export function MyCenterPage() {
  return <div>MyCenterPage</div>;
}
