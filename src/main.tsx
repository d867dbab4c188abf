import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from './app/shell/App';
import { ErrorBoundary } from './app/shell/ErrorBoundary';
import { UpdateNotice } from './app/shell/UpdateNotice';
import './index.css';

const queryClient = new QueryClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <App />
        <UpdateNotice />
      </QueryClientProvider>
    </ErrorBoundary>
  </StrictMode>
);
