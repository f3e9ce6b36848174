import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MicrophonePermission } from './MicrophonePermission.tsx';
import '../popup/style.css';
import './style.css';

const root = document.getElementById('root');
if (!root) throw new Error('voice-permission.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <MicrophonePermission />
  </StrictMode>,
);
