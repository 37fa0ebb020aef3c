import { App as AntApp, ConfigProvider } from 'antd';
import type { Locale as AntdLocale } from 'antd/es/locale';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { setUnauthorizedHandler } from '../lib/api';
import { queryClient } from '../lib/query-client';
import { logout } from './logout';
import { router } from './router';
import { theme } from './theme';

// a 401 ends the session without a logout request (spec section 7)
setUnauthorizedHandler(() => void logout({ callServer: false }));

export function App({ antdLocale }: { antdLocale: AntdLocale }) {
  return (
    <ConfigProvider locale={antdLocale} theme={theme}>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
