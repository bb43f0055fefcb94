// @vitest-environment happy-dom
// Where a shopper's order stands (decision 229): the stage while it is on its way, and the parcel's courier, number
// and tracking page from shipping on, delivered orders included; nothing before the shop's call or for an order that
// never left.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ShipmentDto } from '#shared/dto/orders';
import { orderMessages } from '#shared/messages/orders';
import { ShipmentInfo } from './shipment-info';

const m = orderMessages.orderStage;
const parcel = { courierName: 'PostExpress', trackingNumber: 'PX123', trackingUrl: 'https://track.example/PX123' };
const show = (shipment: ShipmentDto) => render(<ShipmentInfo shipment={shipment} />);

afterEach(cleanup);

describe('ShipmentInfo', () => {
  it('shipped: the stage, the courier, the number and the tracking link', () => {
    show({ stage: 'shipped', ...parcel });
    expect(screen.getByText(m.shipped)).toBeTruthy();
    expect(screen.getByText('Korrieri: PostExpress')).toBeTruthy();
    expect(screen.getByText('Numri i gjurmimit: PX123')).toBeTruthy();
    expect(screen.getByRole('link', { name: m.trackParcel }).getAttribute('href')).toBe(parcel.trackingUrl);
  });

  it('delivered: no stage badge, but the parcel and its tracking link stay', () => {
    show({ stage: null, ...parcel });
    expect(screen.queryByText(m.shipped)).toBeNull();
    expect(screen.getByText('Numri i gjurmimit: PX123')).toBeTruthy();
    expect(screen.getByRole('link', { name: m.trackParcel })).toBeTruthy();
  });

  it('packed: the stage only (no courier yet); new or never shipped: nothing', () => {
    show({ stage: 'packed', courierName: null, trackingNumber: null, trackingUrl: null });
    expect(screen.getByText(m.packed)).toBeTruthy();
    cleanup();
    const { container } = show({ stage: 'new', ...parcel });
    expect(container.innerHTML).toBe('');
    cleanup();
    const closed = show({ stage: null, courierName: null, trackingNumber: null, trackingUrl: null });
    expect(closed.container.innerHTML).toBe('');
  });
});
