// The profile's saved addresses (decision 215): the list, add, edit and delete (with a confirmation). The
// checkout offers the same addresses to choose from.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import type { SavedAddressDto } from '#shared/dto/addresses';
import { messages } from '#shared/messages';
import { accountMessages } from '#shared/messages/account';
import { notify } from '#client/lib/notify';
import { trpc } from '#client/lib/trpc';
import { AddressForm } from './address-form';
import './addresses.css';

const a = accountMessages.addresses;

/**
 * "Fshi" asks on the card itself, in the shop's words: "Ta fshijmë këtë adresë?" with "Mbaje adresën" (the focus starts
 * there) and "Fshi adresën". The browser's own confirm spoke the browser's language ("OK", "Cancel"), issue 25.
 */
function DeleteQuestion({ onKeep, onDelete, busy }: { onKeep: () => void; onDelete: () => void; busy: boolean }) {
  const keepRef = useRef<HTMLButtonElement>(null);
  const questionId = useId();
  useEffect(() => keepRef.current?.focus(), []);
  return (
    <div className="addr-card__confirm" role="group" aria-labelledby={questionId} data-testid="address-confirm">
      <p id={questionId}>{a.confirmDelete}</p>
      <button type="button" className="button button--ghost" onClick={onKeep} ref={keepRef}>
        {a.keep}
      </button>
      <button type="button" className="button" onClick={onDelete} disabled={busy} data-testid="address-delete-confirm">
        {a.deleteConfirm}
      </button>
    </div>
  );
}

function AddressCard({ address, onEdit }: { address: SavedAddressDto; onEdit: () => void }) {
  const qc = useQueryClient();
  const remove = useMutation(trpc.addresses.remove.mutationOptions());
  const [asking, setAsking] = useState(false);
  const onDelete = () => {
    remove.mutate(
      { addressId: address.addressID },
      {
        onSuccess: async () => {
          await qc.invalidateQueries({ queryKey: trpc.addresses.list.queryKey() });
          notify.success(a.deleted, { topic: 'addresses' });
        },
        onError: () => notify.error(a.saveFailed, { topic: 'addresses' }),
      },
    );
  };
  return (
    <li className="addr-card" data-testid="saved-address">
      <address className="addr-card__text">
        <strong>
          {address.firstName} {address.lastName}
        </strong>
        <br />
        {address.address}
        <br />
        {[address.zipCode, address.city].filter(Boolean).join(' ')}, {address.countryName}
        <br />
        {address.phoneNumber}
      </address>
      {asking ? (
        <DeleteQuestion onKeep={() => setAsking(false)} onDelete={onDelete} busy={remove.isPending} />
      ) : (
        <div className="addr-card__actions">
          <button type="button" className="button button--ghost" onClick={onEdit} data-testid="address-edit">
            {a.edit}
          </button>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => setAsking(true)}
            data-testid="address-delete"
          >
            {a.delete}
          </button>
        </div>
      )}
    </li>
  );
}

export function AddressBook() {
  const list = useQuery(trpc.addresses.list.queryOptions());
  const [editing, setEditing] = useState<SavedAddressDto | 'new' | null>(null);
  const addresses = list.data ?? [];
  return (
    <section className="profile__card addr-book" aria-labelledby="addr-title">
      <h2 id="addr-title" className="addr-book__title">
        {a.title}
      </h2>
      <p className="addr-book__intro">{a.intro}</p>
      {list.isLoading ? (
        <p className="status-text">{messages.common.loading}</p>
      ) : addresses.length === 0 && editing === null ? (
        <p className="status-text">{a.empty}</p>
      ) : (
        <ul className="addr-book__list">
          {addresses.map((address) => (
            <AddressCard key={address.addressID} address={address} onEdit={() => setEditing(address)} />
          ))}
        </ul>
      )}
      {editing !== null ? (
        <AddressForm
          key={editing === 'new' ? 'new' : editing.addressID}
          editing={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      ) : (
        <button type="button" className="button" onClick={() => setEditing('new')} data-testid="address-add">
          {a.add}
        </button>
      )}
    </section>
  );
}
