import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { takeQuickVoiceNotes } from './take-quick-voice-notes.ts';
import './style.css';

takeQuickVoiceNotes();

const root = document.getElementById('root');
if (!root) throw new Error('sidepanel.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
