/** Query keys of the chat history. */
export const conversationKeys = {
  thread: (userId: string) => ['conversation', userId] as const,
};
