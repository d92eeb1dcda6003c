import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { bootPreload, router } from './router';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// The first screen's chunks load in parallel before the first render (at most 2 s: a slow chunk
// then shows its own loading state).
void Promise.race([bootPreload(), new Promise((r) => window.setTimeout(r, 2000))]).then(() =>
  createRoot(container).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  ),
);
