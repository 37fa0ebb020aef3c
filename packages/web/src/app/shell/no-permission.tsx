// TEMPORARY: replaced by the real screen
export function NoPermission() {
  return <div>NoPermission</div>;
}
