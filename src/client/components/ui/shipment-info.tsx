// Where a shopper's order stands on its way (decision 229): the stage ("Konfirmuar", "Paketuar", "Në dërgesë"), the
// courier and tracking number, and the courier's tracking page. The confirmation page and /order-status show it.
import { fill } from '#shared/messages';
import type { ShipmentDto } from '#shared/dto/orders';
import { orderMessages } from '#shared/messages/orders';

const m = orderMessages.orderStage;

/** `showStage={false}` where the page's status badge already names the stage (the tracking page, decision 248). */
export function ShipmentInfo({ shipment, showStage = true }: { shipment: ShipmentDto; showStage?: boolean }) {
  const { stage, courierName, trackingNumber, trackingUrl } = shipment;
  // Once delivered (or closed) the stage is gone (the order's status says it) but the parcel's courier, number and
  // tracking page stay: a shopper checks them after delivery too.
  const parcel = stage === 'shipped' || (stage === null && Boolean(courierName || trackingNumber));
  if (stage === 'new' || (stage === null && !parcel) || (!showStage && !parcel)) return null;
  return (
    <div className="shipment" data-testid="order-stage">
      {stage !== null && showStage && <span className={`order-badge order-badge--stage-${stage}`}>{m[stage]}</span>}
      {parcel && courierName && <span>{fill(m.courier, { courier: courierName })}</span>}
      {parcel && trackingNumber && <span>{fill(m.trackingNumber, { tracking: trackingNumber })}</span>}
      {parcel && trackingUrl && (
        <a className="shipment__track" href={trackingUrl} target="_blank" rel="noopener noreferrer">
          {m.trackParcel}
        </a>
      )}
    </div>
  );
}
