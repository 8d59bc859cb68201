import {
  SEGMENT_CONDITION_GROUPS,
  SEGMENT_CONDITION_KINDS,
  SEGMENT_CONDITIONS,
  SEGMENT_LIMITS,
  SEGMENT_MATCH_LABEL,
  SEGMENT_MATCHES,
  SEGMENT_OP_LABEL,
  SEGMENT_OPS,
  type SegmentCondition,
  type SegmentConditionKind,
  type SegmentEntity,
  type SegmentGroup,
  type SegmentMatch,
  type SegmentNode,
  type SegmentOp,
} from '@salondesk/core';
import { useId } from 'react';
import { Button } from '../../../ui/Button';
import { cx } from '../../../ui/cx';

/** A thing a condition may name (a service, a staff member, a tag, …). */
export interface SegmentChoice {
  id: number;
  label: string;
}

export interface SegmentTreeEditorProps {
  value: SegmentGroup;
  onChange: (tree: SegmentGroup) => void;
  /** What `ids` conditions offer, by entity. */
  choices: Partial<Record<SegmentEntity, readonly SegmentChoice[]>>;
  /** Other segments an `inSegment` condition may name. */
  segments: readonly SegmentChoice[];
  /** Money is typed in whole units of this symbol and kept in cents. */
  currencySymbol?: string;
  disabled?: boolean;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A new condition of `kind` with plain starting values (so it is complete where it can be). */
export function newCondition(kind: SegmentConditionKind, choices: SegmentTreeEditorProps['choices'], segments: readonly SegmentChoice[]): SegmentCondition {
  const definition = SEGMENT_CONDITIONS[kind];
  const base: SegmentCondition = { type: 'condition', kind };
  switch (definition.shape) {
    case 'count':
      return { ...base, op: 'gte', value: 1 };
    case 'money':
      return { ...base, op: 'gte', value: 10_000 };
    case 'windowCount':
      return { ...base, op: 'gte', value: 1, days: 90 };
    case 'windowMoney':
      return { ...base, op: 'gte', value: 10_000, days: 90 };
    case 'days':
      return { ...base, days: kind === 'birthdayWithinDays' ? 30 : 90 };
    case 'dateRange':
      return { ...base, from: '2026-01-01', to: '2026-12-31' };
    case 'months':
      return { ...base, months: [1] };
    case 'ids':
    case 'idsDays': {
      const first = choices[definition.entity as SegmentEntity]?.[0];
      return { ...base, ids: first ? [first.id] : [], ...(definition.shape === 'idsDays' ? { days: 90 } : {}) };
    }
    case 'text':
      return { ...base, text: '' };
    case 'segment':
      return segments[0] ? { ...base, segmentId: segments[0].id } : base;
    case 'flag':
      return base;
  }
}

const depthOf = (node: SegmentNode): number => (node.type === 'condition' ? 0 : 1 + Math.max(0, ...node.children.map(depthOf)));

/**
 * Builds a segment's tree: groups that match all, any or none of their children, nested up to
 * the limit; each condition a kind (grouped by what it is about) and the inputs its kind takes.
 * Every control is labelled by its place ("Condition 2 of group 1.1"), buttons add a condition or
 * a group and remove one, all by keyboard.
 */
export function SegmentTreeEditor({ value, onChange, choices, segments, currencySymbol = '$', disabled = false }: SegmentTreeEditorProps) {
  return <GroupEditor group={value} path="1" depth={1} onChange={onChange} choices={choices} segments={segments} currencySymbol={currencySymbol} disabled={disabled} />;
}

interface GroupProps {
  group: SegmentGroup;
  path: string;
  depth: number;
  onChange: (group: SegmentGroup) => void;
  onRemove?: () => void;
  choices: SegmentTreeEditorProps['choices'];
  segments: readonly SegmentChoice[];
  currencySymbol: string;
  disabled: boolean;
}

function GroupEditor({ group, path, depth, onChange, onRemove, choices, segments, currencySymbol, disabled }: GroupProps) {
  const id = useId();
  const setChild = (index: number, child: SegmentNode | null) =>
    onChange({ ...group, children: child === null ? group.children.filter((_, i) => i !== index) : group.children.map((c, i) => (i === index ? child : c)) });
  const full = group.children.length >= SEGMENT_LIMITS.children;
  const canNest = depth < SEGMENT_LIMITS.depth && depthOf(group) < SEGMENT_LIMITS.depth;
  return (
    <fieldset className={cx('space-y-3 rounded-xl border p-3', depth === 1 ? 'border-slate-300 bg-white' : 'border-brand-200 bg-brand-50/40')} aria-label={`Group ${path}`}>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={`${id}-match`} className="text-sm font-medium text-slate-800">
          Clients who match
        </label>
        <select
          id={`${id}-match`}
          aria-label={`Group ${path} matches`}
          className="h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm"
          value={group.match}
          disabled={disabled}
          onChange={(e) => onChange({ ...group, match: e.target.value as SegmentMatch })}
        >
          {SEGMENT_MATCHES.map((m) => (
            <option key={m} value={m}>
              {SEGMENT_MATCH_LABEL[m]}
            </option>
          ))}
        </select>
        <span className="text-sm text-slate-600">{group.children.length === 0 ? (depth === 1 ? '(nothing yet: every client)' : '(nothing yet: no condition until one is added)') : 'these:'}</span>
        {onRemove ? (
          <Button size="sm" variant="ghost" className="ms-auto" onClick={onRemove} disabled={disabled} aria-label={`Remove group ${path}`}>
            Remove group
          </Button>
        ) : null}
      </div>
      <ul className="space-y-2">
        {group.children.map((child, index) => {
          const childPath = `${path}.${index + 1}`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a tree's children have no ids; their place is their identity
            <li key={index}>
              {child.type === 'group' ? (
                <GroupEditor
                  group={child}
                  path={childPath}
                  depth={depth + 1}
                  onChange={(next) => setChild(index, next)}
                  onRemove={() => setChild(index, null)}
                  choices={choices}
                  segments={segments}
                  currencySymbol={currencySymbol}
                  disabled={disabled}
                />
              ) : (
                <ConditionEditor
                  condition={child}
                  label={`Condition ${index + 1} of group ${path}`}
                  onChange={(next) => setChild(index, next)}
                  onRemove={() => setChild(index, null)}
                  choices={choices}
                  segments={segments}
                  currencySymbol={currencySymbol}
                  disabled={disabled}
                />
              )}
            </li>
          );
        })}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" disabled={disabled || full} onClick={() => onChange({ ...group, children: [...group.children, newCondition('visits', choices, segments)] })}>
          Add condition{depth > 1 ? ` to group ${path}` : ''}
        </Button>
        {canNest ? (
          <Button size="sm" variant="ghost" disabled={disabled || full} onClick={() => onChange({ ...group, children: [...group.children, { type: 'group', match: group.match === 'all' ? 'any' : 'all', children: [] }] })}>
            Add group{depth > 1 ? ` to group ${path}` : ''}
          </Button>
        ) : null}
      </div>
    </fieldset>
  );
}

interface ConditionProps {
  condition: SegmentCondition;
  label: string;
  onChange: (condition: SegmentCondition) => void;
  onRemove: () => void;
  choices: SegmentTreeEditorProps['choices'];
  segments: readonly SegmentChoice[];
  currencySymbol: string;
  disabled: boolean;
}

const inputClass = 'h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm disabled:bg-slate-50';

function ConditionEditor({ condition: c, label, onChange, onRemove, choices, segments, currencySymbol, disabled }: ConditionProps) {
  const definition = SEGMENT_CONDITIONS[c.kind];
  const shape = definition.shape;
  const money = shape === 'money' || shape === 'windowMoney';
  const toInput = (v: number | undefined) => (v === undefined ? '' : money ? String(v / 100) : String(v));
  const fromInput = (text: string): number | undefined => {
    if (text.trim() === '') return undefined;
    const n = Number(text);
    if (!Number.isFinite(n) || n < 0) return undefined;
    return money ? Math.round(n * 100) : Math.floor(n);
  };
  const number = (field: 'value' | 'value2' | 'days', aria: string) => (
    <input
      type="number"
      min={field === 'days' ? 1 : 0}
      step={money && field !== 'days' ? '0.01' : '1'}
      inputMode={money && field !== 'days' ? 'decimal' : 'numeric'}
      aria-label={`${label}: ${aria}`}
      className={cx(inputClass, 'w-24')}
      disabled={disabled}
      value={field === 'days' ? (c.days ?? '') : toInput(c[field])}
      onChange={(e) => {
        const next = field === 'days' ? (e.target.value === '' ? undefined : Math.floor(Number(e.target.value))) : fromInput(e.target.value);
        onChange({ ...c, [field]: next });
      }}
    />
  );
  const entityChoices = definition.entity ? (choices[definition.entity] ?? []) : [];
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-lg bg-slate-50 p-2" role="group" aria-label={label}>
      <select
        aria-label={`${label}: kind`}
        className={cx(inputClass, 'max-w-64')}
        value={c.kind}
        disabled={disabled}
        onChange={(e) => onChange(newCondition(e.target.value as SegmentConditionKind, choices, segments))}
        title={definition.meaning}
      >
        {SEGMENT_CONDITION_GROUPS.map((groupName) => (
          <optgroup key={groupName} label={groupName}>
            {SEGMENT_CONDITION_KINDS.filter((k) => SEGMENT_CONDITIONS[k].group === groupName).map((k) => (
              <option key={k} value={k}>
                {SEGMENT_CONDITIONS[k].label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      {shape === 'count' || shape === 'money' || shape === 'windowCount' || shape === 'windowMoney' ? (
        <>
          <select aria-label={`${label}: comparison`} className={inputClass} value={c.op} disabled={disabled} onChange={(e) => onChange({ ...c, op: e.target.value as SegmentOp })}>
            {SEGMENT_OPS.map((op) => (
              <option key={op} value={op}>
                {SEGMENT_OP_LABEL[op]}
              </option>
            ))}
          </select>
          {money ? <span className="text-sm text-slate-600">{currencySymbol}</span> : null}
          {number('value', c.op === 'between' ? 'from' : 'value')}
          {c.op === 'between' ? (
            <>
              <span className="text-sm text-slate-600">and</span>
              {money ? <span className="text-sm text-slate-600">{currencySymbol}</span> : null}
              {number('value2', 'to')}
            </>
          ) : null}
        </>
      ) : null}
      {shape === 'windowCount' || shape === 'windowMoney' || shape === 'idsDays' || shape === 'days' ? (
        <>
          {shape === 'days' ? null : <span className="text-sm text-slate-600">in the last</span>}
          {number('days', 'days')}
          <span className="text-sm text-slate-600">days</span>
        </>
      ) : null}
      {shape === 'dateRange' ? (
        <>
          <input type="date" aria-label={`${label}: from`} className={inputClass} disabled={disabled} value={c.from ?? ''} onChange={(e) => onChange({ ...c, from: e.target.value || undefined })} />
          <span className="text-sm text-slate-600">to</span>
          <input type="date" aria-label={`${label}: to`} className={inputClass} disabled={disabled} value={c.to ?? ''} onChange={(e) => onChange({ ...c, to: e.target.value || undefined })} />
        </>
      ) : null}
      {shape === 'months' ? (
        <span className="flex flex-wrap gap-1">
          {MONTHS.map((m, i) => (
            <label key={m} className="flex items-center gap-1 rounded-md bg-white px-1.5 py-1 text-xs ring-1 ring-slate-200">
              <input
                type="checkbox"
                disabled={disabled}
                checked={(c.months ?? []).includes(i + 1)}
                onChange={(e) => onChange({ ...c, months: e.target.checked ? [...(c.months ?? []), i + 1].sort((a, b) => a - b) : (c.months ?? []).filter((x) => x !== i + 1) })}
              />
              {m}
            </label>
          ))}
        </span>
      ) : null}
      {shape === 'ids' || shape === 'idsDays' ? (
        <select
          multiple
          aria-label={`${label}: ${definition.entity === 'staff' ? 'staff members' : `${definition.entity}s`}`}
          className={cx(inputClass, 'h-20 min-w-44')}
          disabled={disabled}
          value={(c.ids ?? []).map(String)}
          onChange={(e) => onChange({ ...c, ids: [...e.target.selectedOptions].map((o) => Number(o.value)) })}
        >
          {entityChoices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.label}
            </option>
          ))}
        </select>
      ) : null}
      {shape === 'text' ? (
        <input type="text" aria-label={`${label}: text`} maxLength={SEGMENT_LIMITS.text} className={cx(inputClass, 'w-48')} disabled={disabled} value={c.text ?? ''} onChange={(e) => onChange({ ...c, text: e.target.value })} />
      ) : null}
      {shape === 'segment' ? (
        <select aria-label={`${label}: segment`} className={inputClass} disabled={disabled} value={c.segmentId ?? ''} onChange={(e) => onChange({ ...c, segmentId: e.target.value ? Number(e.target.value) : undefined })}>
          <option value="">Choose a segment</option>
          {segments.map((s) => (
            <option key={s.id} value={s.id}>
              {s.label}
            </option>
          ))}
        </select>
      ) : null}
      <Button size="sm" variant="ghost" className="ms-auto" onClick={onRemove} disabled={disabled} aria-label={`Remove ${label.toLowerCase()}`}>
        Remove
      </Button>
      <p className="w-full text-xs text-slate-500">{definition.meaning}</p>
    </div>
  );
}
