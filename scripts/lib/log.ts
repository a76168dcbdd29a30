/** Prefixed, coloured log lines for the processes the launcher runs; pino JSON lines are made readable. */
const COLOURS = [36, 32, 35, 33, 34, 96, 92, 95];
const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
const useColour = process.stdout.isTTY && !process.env.NO_COLOR;

let next = 0;
const assigned = new Map<string, number>();

function paint(code: number, text: string) {
  return useColour ? `\u001b[${code}m${text}\u001b[0m` : text;
}

export function prefix(name: string): string {
  if (!assigned.has(name)) assigned.set(name, COLOURS[next++ % COLOURS.length] ?? 36);
  return paint(assigned.get(name) ?? 36, `[${name}]`.padEnd(13));
}

/** Turns one output line of a child into what a person wants to read. */
export function formatLine(name: string, line: string): string {
  if (line.startsWith('{')) {
    try {
      const entry = JSON.parse(line) as Record<string, unknown>;
      const level = LEVELS[Number(entry.level)] ?? 'INFO';
      const {
        msg,
        level: _l,
        time: _t,
        pid: _p,
        hostname: _h,
        name: _n,
        req,
        res,
        responseTime,
        ...rest
      } = entry;
      let text = String(msg ?? '');
      if (req && res && typeof req === 'object' && typeof res === 'object') {
        const r = req as { method?: string; url?: string };
        const s = res as { statusCode?: number };
        text = `${r.method} ${r.url} → ${s.statusCode} (${Math.round(Number(responseTime ?? 0))} ms)`;
      }
      const extra = Object.keys(rest).length > 0 && level !== 'INFO' ? ` ${JSON.stringify(rest)}` : '';
      const levelText =
        level === 'ERROR' || level === 'FATAL'
          ? paint(31, level)
          : level === 'WARN'
            ? paint(33, level)
            : level;
      return `${prefix(name)} ${levelText.padEnd(useColour && level !== 'INFO' ? 14 : 5)} ${text}${extra}`;
    } catch {
      // not JSON after all: print as is
    }
  }
  return `${prefix(name)} ${line}`;
}

export function say(line: string) {
  process.stdout.write(`${prefix('nomadswap')} ${line}\n`);
}
