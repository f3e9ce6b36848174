/** Query keys of the kill switch. */
export const agentKeys = {
  status: () => ['agents', 'status'] as const,
};
