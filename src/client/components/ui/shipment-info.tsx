// Where a shopper's order stands on its way (decision 229): the stage ("Konfirmuar", "Paketuar", "Në dërgesë"), the
// courier and tracking number, and the courier's tracking page. The confirmation page and /order-status show it.
import { fill } from '../../../shared/messages';
import type { ShipmentDto } from '../../../shared/dto/orders';
import { orderMessages } from '../../../shared/messages/orders';

const m = orderMessages.orderStage;

export function ShipmentInfo({ shipment }: { shipment: ShipmentDto }) {
  const { stage, courierName, trackingNumber, trackingUrl } = shipment;
  if (stage === null || stage === 'new') return null;
  return (
    <div className="shipment" data-testid="order-stage">
      <span className={`order-badge order-badge--stage-${stage}`}>{m[stage]}</span>
      {stage === 'shipped' && courierName && <span>{fill(m.courier, { courier: courierName })}</span>}
      {stage === 'shipped' && trackingNumber && <span>{fill(m.trackingNumber, { tracking: trackingNumber })}</span>}
      {stage === 'shipped' && trackingUrl && (
        <a className="shipment__track" href={trackingUrl} target="_blank" rel="noopener noreferrer">
          {m.trackParcel}
        </a>
      )}
    </div>
  );
}
