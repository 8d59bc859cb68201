import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { API_ROOT } from '../paths';

/** `src/main.ts` run the way `pnpm start` runs it, but as one node process (no tsx wrapper). */
export interface MainProcess {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  /** stdout and stderr so far. */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export function spawnMain(dataDir: string, port: number, env: Record<string, string> = {}): MainProcess {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, SALONDESK_DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env };
  delete childEnv.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=@salondesk/source', path.join(API_ROOT, 'src', 'main.ts')], {
    cwd: API_ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, port, baseUrl: `http://127.0.0.1:${port}`, output: () => output, exited };
}

/** Resolves when `/healthz` answers 200; rejects if the process exits first or after `timeoutMs`. */
export async function waitForHealth(main: MainProcess, timeoutMs = 30_000): Promise<void> {
  let exited = false;
  void main.exited.then(() => (exited = true));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`The server exited before answering:\n${main.output()}`);
    try {
      const response = await fetch(`${main.baseUrl}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`The server did not answer /healthz within ${timeoutMs} ms:\n${main.output()}`);
}
