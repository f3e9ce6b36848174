/** The background's "stop" presses, handed from the page's message listener to the recorder component. */
export const stopRequests = new EventTarget();
