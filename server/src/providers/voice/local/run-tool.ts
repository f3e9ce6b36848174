import { spawn } from 'node:child_process';

export interface ToolResult {
  stdout: string;
  stderr: string;
}

/** Largest output kept from a tool (pocketsphinx logs a few tens of KB per utterance). */
const MAX_OUTPUT_BYTES = 4 * 1024 * 1024;

/**
 * Runs a local speech tool with no shell (arguments are never parsed as a command line), killing it when it
 * runs past `timeoutMs`. Rejects with the tool's last stderr line when it fails.
 */
export function runTool(binary: string, args: string[], timeoutMs: number): Promise<ToolResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let bytes = 0;
    const keep = (into: Buffer[]) => (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes <= MAX_OUTPUT_BYTES) into.push(chunk);
    };
    child.stdout.on('data', keep(out));
    child.stderr.on('data', keep(err));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const result = { stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') };
      if (code === 0) return resolve(result);
      const why = signal === 'SIGKILL' ? `timed out after ${timeoutMs} ms` : lastLine(result.stderr) || `exit code ${code}`;
      reject(new Error(`${binary}: ${why}`));
    });
  });
}

const lastLine = (text: string) => text.trim().split('\n').at(-1)?.slice(0, 300) ?? '';
