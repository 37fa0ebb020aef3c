import { Outlet } from 'react-router';
// TEMPORARY
export function ShellLayout() {
  return <Outlet />;
}
