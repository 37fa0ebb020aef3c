import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from '../lib/query-client';
import './dayjs-locale';

/**
 * Screens of a signed-in user: server state through TanStack Query, dates through dayjs in the user's language.
 * Loaded lazily, so the login and password-reset screens download neither.
 */
export function DataLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
