import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
// The popup's look: the options page shows the same server setting and mode line.
import '../popup/style.css';

const root = document.getElementById('root');
if (!root) throw new Error('options.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
