const URL_PATTERN = /(https?:\/\/[^\s]+)/g;

/** A message's text as sent, with its links clickable. */
export function MessageBody({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <p className="mt-2 text-sm break-words whitespace-pre-wrap text-slate-700">
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <a key={index} href={part} className="font-medium text-brand-700 underline hover:text-brand-800">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </p>
  );
}
