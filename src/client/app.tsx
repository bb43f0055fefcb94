// The app element: query client provider, router, strict mode. Rendered by the browser (boot.tsx) and, for the
// storefront's catalogue pages, first by the server (entry-server.tsx), so both render the same tree.
import { StrictMode, useEffect } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { replayFirstTaps } from './lib/first-tap-replay';
import type { createAppRouter } from './router';

export function App({ router, queryClient }: { router: ReturnType<typeof createAppRouter>; queryClient: QueryClient }) {
  // Replays the taps the inline script caught before the app was live, then marks the page live (decision 213).
  useEffect(() => {
    void replayFirstTaps();
  }, []);
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>
  );
}
