import { PageHeading } from '../../features/layout/PageHeading.tsx';

/** /dashboard/chat and /chat: the screen itself comes with its own issue; until then only its name is shown. */
export function ChatPage() {
  return <PageHeading title="Chat" />;
}
