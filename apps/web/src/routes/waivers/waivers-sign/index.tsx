import { createClient, createMemoryStorage, MESSAGES, SIGNATURE_CANVAS, SIGNATURE_MAX_POINTS, waiverSign } from '@salondesk/core';
import { SalondeskProvider, useSignWaiver, useWaiverSigningPage } from '@salondesk/react';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { getSdk } from '../../../app/sdk';
import { AuthFrame } from '../../../ui/AuthFrame';
import { Button } from '../../../ui/Button';
import { SignaturePad } from '../../../ui/SignaturePad';
import { Skeleton } from '../../../ui/Skeleton';
import { TextField } from '../../../ui/TextField';

/**
 * `/waiver/{token}`: the public page a signing link opens (no account; the token is the key). The
 * client reads the current version, types their name, draws their signature and agrees; what is
 * kept is that version, a SHA-256 of its exact text, the time, IP address and browser. Once
 * signed, the page shows the version signed.
 */
export function Component() {
  const [client] = useState(() => createClient({ transport: getSdk().client.transport }));
  return (
    <SalondeskProvider client={client} storage={createMemoryStorage()}>
      <SignWaiver />
    </SalondeskProvider>
  );
}

function SignWaiver() {
  const { token = '' } = useParams();
  const page = useWaiverSigningPage(token);
  const sign = useSignWaiver(token);
  const [name, setName] = useState('');
  const [strokes, setStrokes] = useState<[number, number][][]>([]);
  const [consent, setConsent] = useState(false);
  const [problems, setProblems] = useState<Record<string, string>>({});

  if (page.isError) {
    return (
      <AuthFrame title="This waiver link does not work" description={page.error.message || MESSAGES.waiverLinkNotValid}>
        <p className="mt-6 text-sm text-slate-600">Nothing was signed. Ask the business for a new link.</p>
      </AuthFrame>
    );
  }
  if (!page.data) {
    return (
      <AuthFrame title="Waiver">
        <div aria-busy="true" className="mt-6">
          <p role="status" className="sr-only">
            Loading the waiver
          </p>
          <Skeleton className="h-72 w-full" />
        </div>
      </AuthFrame>
    );
  }
  const data = page.data;
  const text = (
    <div className="mt-6 max-h-96 overflow-y-auto rounded-md border border-slate-200 bg-slate-50 p-4">
      <p data-testid="waiver-text" className="whitespace-pre-wrap text-sm text-slate-800">
        {data.template}
      </p>
    </div>
  );
  if (data.signed) {
    return (
      <AuthFrame title={`${data.waiver_name} — signed`} description={`${MESSAGES.waiverSigned} ${data.business_name} keeps version ${data.signed.version}, signed by ${data.signed.signed_name} on ${new Date(data.signed.signed_at).toLocaleString()}.`}>
        {text}
        <p className="mt-4 text-sm text-slate-600">You can close this page.</p>
      </AuthFrame>
    );
  }

  const submit = () => {
    const parsed = waiverSign.safeParse({ version_id: data.version_id, signed_name: name, strokes, consent });
    if (!parsed.success) {
      setProblems(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setProblems({});
    sign.mutate(parsed.data, { onError: () => void page.refetch() });
  };

  return (
    <AuthFrame title={data.waiver_name} description={`${data.business_name} asks ${data.customer_name || 'you'} to read and sign version ${data.version} of this waiver.`}>
      {text}
      <form
        className="mt-6 space-y-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <TextField label="Your full name" autoComplete="name" value={name} error={problems.signed_name} onChange={(e) => setName(e.target.value)} />
        <SignaturePad label="Your signature" width={SIGNATURE_CANVAS.width} height={SIGNATURE_CANVAS.height} maxPoints={SIGNATURE_MAX_POINTS} strokes={strokes} onChange={setStrokes} error={problems.strokes} />
        <div>
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <input type="checkbox" className="mt-1" checked={consent} onChange={(e) => setConsent(e.target.checked)} aria-invalid={problems.consent ? true : undefined} />
            I have read this waiver and I agree to it. My typed name and drawn signature are my signature.
          </label>
          {problems.consent ? <p className="mt-1 text-sm text-red-600">{problems.consent}</p> : null}
        </div>
        {sign.error ? (
          <p role="alert" className="text-sm text-red-600">
            {sign.error.message}
          </p>
        ) : null}
        <Button type="submit" block loading={sign.isPending}>
          Sign waiver
        </Button>
      </form>
    </AuthFrame>
  );
}
