// The chat's messages are written by several areas (the conversation, onboarding, texts, calls): this is what they
// may use, so none of them reaches into the repo (docs/architecture.md "Layers").
export { hasUserMessage, insertMessage, insertWelcome, newestPage, seqOf, toChatMessage } from './messages.repo.ts';
