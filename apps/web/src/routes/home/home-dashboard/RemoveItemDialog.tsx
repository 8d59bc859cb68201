import { Button } from '../../../ui/Button';
import { Modal } from '../../../ui/Modal';
import type { ItemActions } from './useItemActions';

/** Asks before an item goes from the business's dashboard; offers hiding it for oneself instead. */
export function RemoveItemDialog({ actions, businessName }: { actions: ItemActions; businessName: string }) {
  const item = actions.confirming;
  const everywhere = item?.kind === 'kpi' && item.kpi.global;
  return (
    <Modal
      open={item !== null}
      onClose={() => actions.ask(null)}
      role="alertdialog"
      title={item ? `Remove ${item.title} for everyone?` : ''}
      description={
        everywhere
          ? `It goes from the dashboard of every location of the network, for everyone. To take it off only your own dashboard, hide it instead.`
          : `It goes from ${businessName}'s dashboard for everyone who opens it. To take it off only your own dashboard, hide it instead.`
      }
      actions={
        item ? (
          <>
            <Button variant="danger" loading={actions.removing} onClick={() => actions.remove(item)}>
              Remove for everyone
            </Button>
            <Button variant="secondary" onClick={() => actions.hide(item, true)}>
              Hide for me only
            </Button>
            <Button variant="ghost" onClick={() => actions.ask(null)}>
              Cancel
            </Button>
          </>
        ) : null
      }
    />
  );
}
