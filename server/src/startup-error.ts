/** Problems the user can fix (a port taken): one clear line, exit 1, no stack (main.ts prints it). */
export class StartupError extends Error {}
