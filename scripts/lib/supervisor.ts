import { spawn, type ChildProcess } from 'node:child_process';
import readline from 'node:readline';
import { formatLine, say } from './log';

export interface ProcessSpec {
  name: string;
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
}

/**
 * Runs one child process with prefixed logs and restarts it with exponential backoff when it dies on its own,
 * so a crashed service comes back without taking the stack down. `stop()` ends it for good.
 */
export class Supervised {
  private child?: ChildProcess;
  private stopping = false;
  private restarts = 0;
  private restartTimer?: NodeJS.Timeout;
  private startedAt = 0;
  private lastLines: string[] = [];
  private onEarlyExit?: (reason: string) => void;

  constructor(private readonly spec: ProcessSpec) {}

  /**
   * While the stack is starting, a process that exits is a configuration or code error, not a crash to ride
   * out: report it (with its last output) instead of restarting. Call with no argument once the stack is up.
   */
  failFastDuringStartup(onExit?: (reason: string) => void): void {
    this.onEarlyExit = onExit;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get name(): string {
    return this.spec.name;
  }

  start(): void {
    this.startedAt = Date.now();
    const child = spawn(this.spec.command, this.spec.args, {
      cwd: this.spec.cwd,
      env: this.spec.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Own process group: a terminal's Ctrl-C reaches only the launcher, which then stops the stack in order.
      // Otherwise every child would get SIGINT and the launcher's SIGTERM, and skip its graceful drain.
      detached: true,
    });
    this.child = child;
    for (const stream of [child.stdout, child.stderr]) {
      readline.createInterface({ input: stream }).on('line', (line) => {
        this.lastLines = [...this.lastLines.slice(-4), line];
        process.stdout.write(`${formatLine(this.spec.name, line)}\n`);
      });
    }
    child.on('exit', (code, signal) => {
      if (this.stopping) return;
      if (this.onEarlyExit) {
        const output = this.lastLines.join('\n') || '(no output)';
        this.onEarlyExit(
          `${this.spec.name} exited during start-up (${signal ?? `code ${code}`}):\n${output}`,
        );
        return;
      }
      // A process that stayed up a minute has recovered: its next crash starts the backoff again.
      if (Date.now() - this.startedAt > 60_000) this.restarts = 0;
      const delay = Math.min(30_000, 1000 * 2 ** this.restarts++);
      say(`${this.spec.name} exited (${signal ?? `code ${code}`}); restarting in ${delay / 1000} s`);
      this.restartTimer = setTimeout(() => this.start(), delay);
    });
  }

  /**
   * Fault injection (scripts/chaos): sends `signal` to the running process as a crash would, and resolves once it
   * has exited. The supervisor then restarts it with its usual backoff (1 s for the first crash in a minute).
   */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    await exited;
  }

  /** Starts a process taken down by `stop()` again, under supervision as before (scripts/chaos). */
  resume(): void {
    if (!this.stopping) return;
    this.stopping = false;
    this.restarts = 0;
    this.start();
  }

  /** SIGTERM, then SIGKILL after `graceMs`. Resolves when the process is gone. */
  async stop(graceMs = 10_000): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restartTimer);
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  }
}
