export * from './toasts.tsx';
export * from './confirmation-modal.tsx';
