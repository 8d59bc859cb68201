import { createClient, createMemoryStorage, MESSAGES } from '@salondesk/core';
import { SalondeskProvider, usePublicSurvey } from '@salondesk/react';
import { type FormEvent, useState } from 'react';
import { useParams } from 'react-router-dom';
import { getSdk } from '../../../app/sdk';
import { AuthFrame } from '../../../ui/AuthFrame';
import { Button } from '../../../ui/Button';
import { Skeleton } from '../../../ui/Skeleton';
import { TextAreaField } from '../../../ui/TextAreaField';

/**
 * `/public/share/survey/{token}`: the page a survey link opens (no sign-in: the token, 192 random
 * bits, is the key). The client picks a score from 0 to 10 and may leave a comment, once.
 */
export function Component() {
  const [client] = useState(() => createClient({ transport: getSdk().client.transport }));
  return (
    <SalondeskProvider client={client} storage={createMemoryStorage()}>
      <PublicSurvey />
    </SalondeskProvider>
  );
}

function PublicSurvey() {
  const { token = '' } = useParams();
  const { survey, answer } = usePublicSurvey(token);
  const [score, setScore] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  if (survey.isError) {
    return <AuthFrame title={MESSAGES.linkNotValid} description="Check that the whole address was copied from the message.">
      <p className="mt-6 text-sm text-slate-600">Nothing was changed.</p>
    </AuthFrame>;
  }
  if (!survey.data) {
    return (
      <AuthFrame title="Your opinion">
        <div aria-busy="true" className="mt-6"><p role="status" className="sr-only">Loading the survey</p><Skeleton className="h-40 w-full" /></div>
      </AuthFrame>
    );
  }
  if (survey.data.answered) return (
      <AuthFrame title={MESSAGES.surveyThanks} description={`${survey.data.businessName} has your answer.`}>
        <p className="mt-6 text-sm text-slate-600">You can close this page.</p>
      </AuthFrame>
    );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (score !== null) answer.mutate({ score, comment: comment.trim() || undefined });
  };
  return (
    <AuthFrame title={survey.data.businessName} description={survey.data.visitDay ? `About your visit of ${survey.data.visitDay}` : undefined}>
      <form className="mt-6 space-y-5" onSubmit={submit} noValidate>
        <fieldset>
          <legend className="text-sm font-medium text-slate-900">{survey.data.question}</legend>
          <div className="mt-3 grid grid-cols-6 gap-2 sm:grid-cols-11" role="radiogroup" aria-label="Score from 0 (not at all likely) to 10 (extremely likely)">
            {Array.from({ length: 11 }, (_, i) => (
              <label key={i} className={`flex h-10 cursor-pointer items-center justify-center rounded-lg text-sm font-medium ring-1 ring-inset has-focus-visible:outline-2 has-focus-visible:outline-brand-600 ${score === i ? 'bg-indigo-600 text-white ring-indigo-600' : 'bg-white text-slate-900 ring-slate-300 hover:bg-slate-50'}`}>
                <input type="radio" name="score" value={i} className="sr-only" checked={score === i} onChange={() => setScore(i)} />
                {i}
              </label>
            ))}
          </div>
          <p className="mt-2 flex justify-between text-xs text-slate-500"><span>Not at all likely</span><span>Extremely likely</span></p>
        </fieldset>
        <TextAreaField label="Anything to add? (optional)" value={comment} onChange={(e) => setComment(e.target.value)} maxLength={2000} />
        {answer.isError ? <p role="alert" className="text-sm text-red-700">{answer.error.message}</p> : null}
        <Button type="submit" block disabled={score === null} loading={answer.isPending}>Send my answer</Button>
      </form>
    </AuthFrame>
  );
}
