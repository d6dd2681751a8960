import { useCallback, useRef, useState } from 'react';
import { errorMessage } from '../../../server/domains/maintenance/rules';
import { trpc } from '../../trpc';

/** How often the log of a running run is read. */
const POLL_MS = 1000;

export type RunState<Result> = { status: 'idle' } | { status: 'running' } | { status: 'done'; result: Result } | { status: 'failed'; error: string };

/**
 * A run of a maintenance tool (spec 2 §4 Run UI): idle, then running (buttons disabled) with the
 * server's log captured into the panel as it is written, then done with a result or an error.
 */
export function useRun<Result extends { logs: string[] }, Arg = void>(start: (runId: string, arg: Arg) => Promise<Result>) {
  const utils = trpc.useUtils();
  const [state, setState] = useState<RunState<Result>>({ status: 'idle' });
  const [logs, setLogs] = useState<string[]>([]);
  const running = useRef(false);

  const run = useCallback(async (arg: Arg) => {
    if (running.current) return;
    running.current = true;
    const runId = crypto.randomUUID();
    setState({ status: 'running' });
    setLogs([]);
    let finished = false;
    const poll = async () => {
      while (!finished) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        if (finished) return;
        try {
          const record = await utils.admin.maintenance.run.fetch({ id: runId }, { staleTime: 0 });
          const lines = (record.result as { logs?: string[] } | null)?.logs;
          if (!finished && lines) setLogs(lines);
        } catch {
          // The record appears when the run has started; until then there is nothing to show.
        }
      }
    };
    void poll();
    try {
      const result = await start(runId, arg);
      setLogs(result.logs);
      setState({ status: 'done', result });
    } catch (error) {
      setState({ status: 'failed', error: errorMessage(error) });
    } finally {
      finished = true;
      running.current = false;
      void utils.admin.maintenance.runs.invalidate();
    }
  }, [start, utils]);

  return { state, logs, run, busy: state.status === 'running' };
}
