export * from './toasts.tsx';
export * from './confirmation-modal.tsx';
export * from './chat/types.ts';
export * from './chat/ChatThread.tsx';
export * from './chat/ChatComposer.tsx';
export * from './usage/UsageMeter.tsx';
export * from './OfflineBadge.tsx';
export * from './chat/Markdown.tsx';
