import type { ReportRunFinished } from '@salondesk/core';
import { useQueryClient } from '@tanstack/react-query';
import { reportEngineQueries } from '@salondesk/react';
import { useEffect, useState } from 'react';
import { toasts } from '../../../app/toasts';
import { useDashboardStream } from '../../../app/useDashboardStream';

/**
 * The `reportRunFinished` notification of one kept run, heard on the business's room of the
 * notification stream: null until it arrives. When it does, the run's queries are refreshed and
 * a toast says so.
 */
export function useRunFinished(businessId: number, runId: number | null): ReportRunFinished | null {
  // Connected from the first kept run on, and left connected (the page's one stream may be the
  // admin bell's too: closing it here would silence that).
  const [wanted, setWanted] = useState(runId !== null);
  if (runId !== null && !wanted) setWanted(true);
  const stream = useDashboardStream(wanted);
  const queryClient = useQueryClient();
  const [finished, setFinished] = useState<ReportRunFinished | null>(null);
  useEffect(() => {
    setFinished(null);
    if (!stream || runId === null) return;
    void stream.subscribeBusiness(businessId);
    const stop = stream.on('reportRunFinished', (note) => {
      if (note.businessId !== businessId || note.reportId !== String(runId)) return;
      setFinished(note);
      toasts.show({ tone: note.title.includes('failed') ? 'error' : 'success', message: `${note.title}: ${note.body}` });
      void queryClient.invalidateQueries({ queryKey: [...reportEngineQueries.business(businessId), 'run', runId] });
    });
    return stop;
  }, [stream, businessId, runId, queryClient]);
  return finished;
}
