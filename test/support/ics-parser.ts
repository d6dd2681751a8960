// A small RFC 5545 reader for tests, written independently of the server's writer: unfolds
// lines (CRLF followed by a space or tab), splits name;params:value, unescapes TEXT values and
// nests components by BEGIN/END. It throws on anything malformed, so a bad feed fails the test.

export type IcsComponent = { type: string; props: Record<string, string>; children: IcsComponent[] };

export function parseIcs(text: string): IcsComponent {
  if (!text.endsWith('\r\n')) throw new Error('iCalendar text must end with CRLF');
  const physical = text.slice(0, -2).split('\r\n');
  for (const line of physical) {
    if (Buffer.byteLength(line) > 75) throw new Error(`line longer than 75 octets: ${line}`);
    if (line.includes('\n') || line.includes('\r')) throw new Error('bare CR or LF in a line');
  }
  const lines: string[] = [];
  for (const line of physical) {
    if (line.startsWith(' ') || line.startsWith('\t')) {
      if (!lines.length) throw new Error('continuation line without a line to continue');
      lines[lines.length - 1] += line.slice(1);
    } else lines.push(line);
  }
  const stack: IcsComponent[] = [];
  let root: IcsComponent | null = null;
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon < 1) throw new Error(`not a content line: ${line}`);
    const name = line.slice(0, colon).split(';')[0].toUpperCase();
    const value = line.slice(colon + 1);
    if (name === 'BEGIN') {
      const component = { type: value, props: {}, children: [] };
      if (stack.length) stack[stack.length - 1].children.push(component);
      else if (root) throw new Error('two root components');
      else root = component;
      stack.push(component);
    } else if (name === 'END') {
      const open = stack.pop();
      if (!open || open.type !== value) throw new Error(`END:${value} does not close ${open?.type}`);
    } else {
      if (!stack.length) throw new Error(`property outside a component: ${line}`);
      stack[stack.length - 1].props[name] = value.replace(/\\(n|N|,|;|\\)/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
    }
  }
  if (stack.length || !root) throw new Error('unterminated component');
  return root;
}

/** 20250308T180000Z → Date */
export function parseUtc(value: string): Date {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!m) throw new Error(`not a UTC date-time: ${value}`);
  return new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]));
}
