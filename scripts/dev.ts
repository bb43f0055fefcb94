// `npm run dev`: the API server with reload (tsx watch) and Vite's dev server with hot reload, side by side.
import { spawn, type ChildProcess } from 'node:child_process';

const port = process.env.PORT ?? '3000';
const children: ChildProcess[] = [];

function run(name: string, cmd: string, args: string[], env: Record<string, string>) {
  const child = spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code) => {
    console.log(`[dev] ${name} exited (${code ?? 'signal'}); stopping.`);
    shutdown(code ?? 0);
  });
  children.push(child);
}

function shutdown(code: number) {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  setTimeout(() => process.exit(code), 200).unref();
}

process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

run('server', 'npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], { PORT: port, LOG_PRETTY: '1' });
run('client', 'npx', ['vite', '--host', '127.0.0.1'], { PORT: port });
console.log(`[dev] open http://127.0.0.1:5173 (API on :${port}, proxied under /api)`);
