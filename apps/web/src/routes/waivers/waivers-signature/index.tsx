import { formatInstantIn, MESSAGES, SIGNATURE_CANVAS } from '@salondesk/core';
import { useWaiverSignature } from '@salondesk/react';
import { useParams } from 'react-router-dom';
import { ButtonLink } from '../../../app/ButtonLink';
import { LoadError } from '../../../app/LoadError';
import { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import { DetailCard } from '../../../ui/DetailCard';
import { PageHeader } from '../../../ui/PageHeader';
import { SignatureImage } from '../../../ui/SignatureImage';
import { Skeleton } from '../../../ui/Skeleton';
import { useBusinessId } from '../../../app/useBusinessId';

/**
 * `/{businessId}/waivers/signatures/{signatureId}` (core's `WAIVER_SIGNATURE_ROUTE`): one
 * signature with the exact text of the version signed — never the current one —, its SHA-256
 * checked again, the drawn signature, the typed name, time, IP and browser.
 */
export function Component() {
  const params = useParams();
  const businessId = useBusinessId();
  const signature = useWaiverSignature(businessId, Number(params.signatureId));
  const display = useBusinessDisplay(businessId);
  const s = signature.data;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
      {signature.isError ? (
        <LoadError error={signature.error} fallback={MESSAGES.failedToFetchWaivers} onRetry={() => void signature.refetch()} />
      ) : !s ? (
        <div aria-busy="true">
          <p role="status" className="sr-only">
            Loading the signature
          </p>
          <Skeleton className="h-96 w-full" />
        </div>
      ) : (
        <>
          <PageHeader
            eyebrow="Signed waiver"
            title={`${s.waiver_name}, version ${s.version}`}
            description={`Signed by ${s.customer_name || s.signed_name} on ${formatInstantIn(s.signed_at, display.timezone)}`}
            actions={
              <ButtonLink variant="secondary" to={`/${businessId}/waivers/signatures`}>
                All signatures
              </ButtonLink>
            }
          />
          {s.version !== s.current_version ? (
            <p className="mt-4 rounded-md bg-amber-50 p-3 text-sm text-amber-800">
              This is version {s.version}, the version the client signed. The waiver is now at version {s.current_version}.
            </p>
          ) : null}
          <section aria-labelledby="signed-text" className="mt-6">
            <h2 id="signed-text" className="text-lg font-semibold text-slate-900">
              Text signed (version {s.version})
            </h2>
            <p data-testid="signed-text" className="mt-2 whitespace-pre-wrap rounded-md border border-slate-200 bg-white p-4 text-sm text-slate-800">
              {s.template}
            </p>
            <p className="mt-2 break-all font-mono text-xs text-slate-500">
              SHA-256 {s.sha256} · {s.verified ? 'matches the text above' : 'does NOT match the text above'}
            </p>
          </section>
          <div className="mt-6 grid gap-4 sm:grid-cols-2">
            <SignatureImage className="w-full rounded-md border border-slate-200 bg-white" strokes={s.strokes} width={SIGNATURE_CANVAS.width} height={SIGNATURE_CANVAS.height} label={`Signature of ${s.signed_name}`} />
            <DetailCard
              title="Signature"
              items={[
                { label: 'Typed name', value: s.signed_name },
                { label: 'Consent', value: 'Agreed' },
                { label: 'Signed at', value: formatInstantIn(s.signed_at, display.timezone) },
                { label: 'IP address', value: s.ip },
                { label: 'Browser', value: s.user_agent || 'Not given' },
              ]}
            />
          </div>
        </>
      )}
    </div>
  );
}
