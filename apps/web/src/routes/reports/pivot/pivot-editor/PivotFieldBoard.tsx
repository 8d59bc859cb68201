import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  type CollisionDetection,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useId, useState } from 'react';
import { cx } from '../../../../ui/cx';

/**
 * The pivot editor's fields: the source's fields on the left, and three places to put them —
 * Rows, Columns and Values. A field is dragged (pointer, or the keyboard through its grip: Space
 * to lift, arrows to move, Space to drop, Escape to cancel) onto a place, or onto a field there
 * to go before it; and every drag has a plain keyboard way too: a field's "Add to…" menu, and on a
 * placed field "Move earlier", "Move later", "Move to…" and "Remove". A value chooses its
 * aggregate. The board only reports what the person asks (`onPlace`, `onRemove`, `onShift`,
 * `onAggregate`); the screen applies core's rules (a field groups once, the limits).
 */

export type BoardZone = 'rows' | 'columns' | 'values';
export interface BoardSpot {
  zone: BoardZone;
  index: number;
}

export interface BoardField {
  key: string;
  label: string;
  /** What kind of values it holds (`Money`), shown beside it. */
  kind: string;
  /** The aggregates it can take as a value. */
  aggregates: readonly { value: string; label: string }[];
}

export interface PivotFieldBoardProps {
  fields: readonly BoardField[];
  rows: readonly string[];
  columns: readonly string[];
  values: readonly { field: string; aggregate: string }[];
  /** Put `field` at `to`, taken from `from` (null: from the source's fields). */
  onPlace: (field: string, to: BoardSpot, from: BoardSpot | null) => void;
  onRemove: (spot: BoardSpot) => void;
  onShift: (spot: BoardSpot, delta: number) => void;
  onAggregate: (index: number, aggregate: string) => void;
  disabled?: boolean;
}

const ZONES: readonly { zone: BoardZone; label: string; hint: string }[] = [
  { zone: 'rows', label: 'Rows', hint: 'Each value a row; a subtotal for each field but the last.' },
  { zone: 'columns', label: 'Columns', hint: 'Each value a column, grouped under the field before it.' },
  { zone: 'values', label: 'Values', hint: 'What each cell adds up, counts or averages.' },
];
const ZONE_LABEL: Record<BoardZone, string> = { rows: 'Rows', columns: 'Columns', values: 'Values' };

/** What a drag carries: a field, and where it was (null: the source's list). */
interface DragData {
  field: string;
  from: BoardSpot | null;
}
/** What a drop target is: a place (at its end) or a placed field (before it), or the source's list (remove). */
type DropData = { kind: 'zone'; zone: BoardZone } | { kind: 'slot'; spot: BoardSpot } | { kind: 'fields' };

/** The innermost target under the pointer (a placed field before its zone); the keyboard uses rectangles. */
const collision: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  const found = hits.length > 0 ? hits : rectIntersection(args);
  return [...found].sort((a, b) => rank(b.data?.droppableContainer.data.current as DropData | undefined) - rank(a.data?.droppableContainer.data.current as DropData | undefined));
};
const rank = (d: DropData | undefined) => (d?.kind === 'slot' ? 2 : d ? 1 : 0);

export function PivotFieldBoard({ fields, rows, columns, values, onPlace, onRemove, onShift, onAggregate, disabled }: PivotFieldBoardProps) {
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const labelOf = (key: string) => byKey.get(key)?.label ?? key;
  const [dragging, setDragging] = useState<DragData | null>(null);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor));
  const placed: Record<BoardZone, readonly string[]> = { rows, columns, values: values.map((v) => v.field) };

  const targetName = (d: DropData | undefined): string | null => {
    if (!d) return null;
    if (d.kind === 'fields') return 'the source’s fields (to remove it)';
    if (d.kind === 'zone') return ZONE_LABEL[d.zone];
    return `${ZONE_LABEL[d.spot.zone]}, before ${labelOf(placed[d.spot.zone][d.spot.index] ?? '')}`;
  };
  const dataOf = (a: { data: { current?: unknown } }) => a.data.current as DragData | undefined;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${labelOf(dataOf(active)?.field ?? '')}.`,
    onDragOver: ({ active, over }) => {
      const name = targetName(over?.data.current as DropData | undefined);
      return name ? `${labelOf(dataOf(active)?.field ?? '')} is over ${name}.` : `${labelOf(dataOf(active)?.field ?? '')} is not over a place.`;
    },
    onDragEnd: ({ active, over }) => {
      const name = targetName(over?.data.current as DropData | undefined);
      return name ? `${labelOf(dataOf(active)?.field ?? '')} was dropped on ${name}.` : `${labelOf(dataOf(active)?.field ?? '')} was put back.`;
    },
    onDragCancel: ({ active }) => `Moving ${labelOf(dataOf(active)?.field ?? '')} was cancelled.`,
  };

  const onDragStart = (event: DragStartEvent) => setDragging(dataOf(event.active) ?? null);
  const onDragEnd = (event: DragEndEvent) => {
    setDragging(null);
    const drag = dataOf(event.active);
    const drop = event.over?.data.current as DropData | undefined;
    if (!drag || !drop) return;
    if (drop.kind === 'fields') {
      if (drag.from) onRemove(drag.from);
      return;
    }
    const to = drop.kind === 'slot' ? drop.spot : { zone: drop.zone, index: placed[drop.zone].length };
    if (drag.from && drag.from.zone === to.zone && (drag.from.index === to.index || (drop.kind === 'zone' && drag.from.index === to.index - 1))) return;
    onPlace(drag.field, to, drag.from);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragging(null)}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable: 'To move this field, press Space, then the arrow keys to reach Rows, Columns or Values, and Space again to drop it there; Escape cancels. Its menu does the same without dragging.',
        },
      }}
    >
      <div className="grid gap-4 md:grid-cols-[minmax(12rem,1fr)_3fr]">
        <SourceFields fields={fields} onPlace={onPlace} disabled={disabled} />
        <div className="grid gap-4 lg:grid-cols-3">
          {ZONES.map(({ zone, label, hint }) => (
            <Zone key={zone} zone={zone} label={label} hint={hint} active={dragging !== null}>
              {placed[zone].map((key, index) => (
                <PlacedField
                  key={`${zone}-${index}-${key}`}
                  field={byKey.get(key) ?? { key, label: key, kind: '', aggregates: [] }}
                  spot={{ zone, index }}
                  count={placed[zone].length}
                  aggregate={zone === 'values' ? values[index]?.aggregate : undefined}
                  onPlace={onPlace}
                  onRemove={onRemove}
                  onShift={onShift}
                  onAggregate={onAggregate}
                  disabled={disabled}
                />
              ))}
            </Zone>
          ))}
        </div>
      </div>
      <DragOverlay dropAnimation={null}>
        {dragging ? <span className="inline-flex rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-medium text-white shadow-lg">{labelOf(dragging.field)}</span> : null}
      </DragOverlay>
    </DndContext>
  );
}

function SourceFields({ fields, onPlace, disabled }: { fields: readonly BoardField[]; onPlace: PivotFieldBoardProps['onPlace']; disabled?: boolean }) {
  const headingId = useId();
  const { setNodeRef, isOver } = useDroppable({ id: 'fields', data: { kind: 'fields' } satisfies DropData });
  return (
    <section ref={setNodeRef} aria-labelledby={headingId} className={cx('rounded-xl border border-slate-200 bg-white p-3', isOver && 'ring-2 ring-red-300')}>
      <h3 id={headingId} className="text-sm font-semibold text-slate-800">
        Fields
      </h3>
      <p className="mt-0.5 text-xs text-slate-600">Drag a field to a place, or use its Add menu.</p>
      {fields.length === 0 ? <p className="mt-3 text-sm text-slate-600">Choose a source to see its fields.</p> : null}
      <ul className="mt-2 flex flex-col gap-1.5">
        {fields.map((field) => (
          <li key={field.key}>
            <SourceField field={field} onPlace={onPlace} disabled={disabled} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function SourceField({ field, onPlace, disabled }: { field: BoardField; onPlace: PivotFieldBoardProps['onPlace']; disabled?: boolean }) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: `field:${field.key}`, data: { field: field.key, from: null } satisfies DragData, disabled });
  return (
    <div ref={setNodeRef} className={cx('flex items-center gap-1 rounded-lg border border-slate-200 bg-slate-50 pl-1 text-sm', isDragging && 'opacity-40')}>
      <Grip label={`Drag ${field.label}`} attributes={attributes} listeners={listeners} disabled={disabled} />
      <span className="min-w-0 flex-1 truncate font-medium text-slate-800">{field.label}</span>
      <span className="text-xs text-slate-600">{field.kind}</span>
      <ZoneMenu label={`Add ${field.label} to…`} text="Add" disabled={disabled} choices={ZONES.map((z) => z.zone)} onChoose={(zone) => onPlace(field.key, { zone, index: Number.MAX_SAFE_INTEGER }, null)} />
    </div>
  );
}

function Zone({ zone, label, hint, active, children }: { zone: BoardZone; label: string; hint: string; active: boolean; children: React.ReactNode[] }) {
  const headingId = useId();
  const { setNodeRef, isOver } = useDroppable({ id: `zone:${zone}`, data: { kind: 'zone', zone } satisfies DropData });
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-zone={zone}
      className={cx(
        'flex min-h-32 flex-col rounded-xl border-2 border-dashed p-3 transition-colors',
        isOver ? 'border-brand-500 bg-brand-50' : active ? 'border-brand-300 bg-white' : 'border-slate-200 bg-white',
      )}
    >
      <h3 id={headingId} className="text-sm font-semibold text-slate-800">
        {label}
      </h3>
      <p className="mt-0.5 text-xs text-slate-600">{hint}</p>
      {children.length === 0 ? <p className="mt-3 text-sm text-slate-600">Drop a field here.</p> : <ol className="mt-2 flex flex-col gap-1.5">{children}</ol>}
    </section>
  );
}

function PlacedField({
  field,
  spot,
  count,
  aggregate,
  onPlace,
  onRemove,
  onShift,
  onAggregate,
  disabled,
}: {
  field: BoardField;
  spot: BoardSpot;
  count: number;
  aggregate: string | undefined;
  onPlace: PivotFieldBoardProps['onPlace'];
  onRemove: PivotFieldBoardProps['onRemove'];
  onShift: PivotFieldBoardProps['onShift'];
  onAggregate: PivotFieldBoardProps['onAggregate'];
  disabled?: boolean;
}) {
  const id = `${spot.zone}:${spot.index}:${field.key}`;
  const drag = useDraggable({ id: `placed:${id}`, data: { field: field.key, from: spot } satisfies DragData, disabled });
  const drop = useDroppable({ id: `slot:${id}`, data: { kind: 'slot', spot } satisfies DropData });
  const name = spot.zone === 'values' && aggregate ? `${field.label} (${field.aggregates.find((a) => a.value === aggregate)?.label ?? aggregate})` : field.label;
  return (
    <li
      ref={(node) => {
        drag.setNodeRef(node);
        drop.setNodeRef(node);
      }}
      className={cx('flex flex-wrap items-center gap-1 rounded-lg border bg-white py-1 pl-1 pr-1 text-sm shadow-xs', drop.isOver ? 'border-brand-500 border-t-4' : 'border-slate-300', drag.isDragging && 'opacity-40')}
    >
      <Grip label={`Drag ${name} in ${ZONE_LABEL[spot.zone]}`} attributes={drag.attributes} listeners={drag.listeners} disabled={disabled} />
      <span className="min-w-24 flex-1 truncate font-medium text-slate-800" title={field.label}>
        {field.label}
      </span>
      {spot.zone === 'values' ? (
        <select
          aria-label={`Aggregate of ${field.label}`}
          className="h-7 rounded-md border border-slate-300 bg-white px-1 text-xs"
          value={aggregate}
          disabled={disabled}
          onChange={(event) => onAggregate(spot.index, event.target.value)}
        >
          {field.aggregates.map((a) => (
            <option key={a.value} value={a.value}>
              {a.label}
            </option>
          ))}
        </select>
      ) : null}
      <IconButton label={`Move ${name} earlier`} disabled={disabled || spot.index === 0} onClick={() => onShift(spot, -1)}>
        ↑
      </IconButton>
      <IconButton label={`Move ${name} later`} disabled={disabled || spot.index === count - 1} onClick={() => onShift(spot, 1)}>
        ↓
      </IconButton>
      <ZoneMenu
        label={`Move ${name} to…`}
        text="⇄"
        disabled={disabled}
        choices={ZONES.map((z) => z.zone).filter((z) => z !== spot.zone)}
        onChoose={(zone) => onPlace(field.key, { zone, index: Number.MAX_SAFE_INTEGER }, spot)}
      />
      <IconButton label={`Remove ${name}`} disabled={disabled} onClick={() => onRemove(spot)}>
        ×
      </IconButton>
    </li>
  );
}

function Grip({ label, attributes, listeners, disabled }: { label: string; attributes: object; listeners: object | undefined; disabled?: boolean }) {
  return (
    <button
      type="button"
      {...attributes}
      {...listeners}
      aria-label={label}
      disabled={disabled}
      className="flex h-7 w-5 shrink-0 cursor-grab touch-none items-center justify-center rounded text-slate-500 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600 active:cursor-grabbing"
    >
      <span aria-hidden="true">⠿</span>
    </button>
  );
}

function IconButton({ label, onClick, disabled, children }: { label: string; onClick: () => void; disabled?: boolean; children: string }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className="flex size-7 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:text-slate-300"
    >
      <span aria-hidden="true">{children}</span>
    </button>
  );
}

function ZoneMenu({ label, text, choices, onChoose, disabled }: { label: string; text: string; choices: readonly BoardZone[]; onChoose: (zone: BoardZone) => void; disabled?: boolean }) {
  return (
    <Menu as="div" className="relative">
      <MenuButton
        aria-label={label}
        title={label}
        disabled={disabled}
        className="flex h-7 min-w-7 items-center justify-center rounded-md px-1.5 text-xs font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:text-slate-300"
      >
        {text}
      </MenuButton>
      <MenuItems anchor="bottom end" className="z-50 mt-1 w-36 rounded-lg border border-slate-200 bg-white p-1 text-sm shadow-lg focus:outline-none">
        {choices.map((zone) => (
          <MenuItem key={zone}>
            <button type="button" onClick={() => onChoose(zone)} className="block w-full rounded-md px-3 py-1.5 text-left text-slate-800 data-focus:bg-brand-50">
              {ZONE_LABEL[zone]}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
