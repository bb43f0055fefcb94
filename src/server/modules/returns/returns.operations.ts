// Returns and exchanges (decision 235): the shopper's options and request (owner, guest with the guest id: rate
// limited like the order page), the policy's facts, and the staff screen's list and steps.
//   POST /api/returns {orderId, guestId?, kind, reason, lines[]}      201, 409 when the policy excludes it
//   returns.withdraw {orderId, guestId?, returnRequestId} (tRPC)     409 once the shop has the parcel
//   GET  /api/Returns?state=&page=                                      staff list
//   PUT  /api/Returns/{id}/Approve | Receive | Exchange                 409 from another state
//   PUT  /api/Returns/{id}/Refuse {reason}, /Refund {method, amount}    409 from another state or over the cap
import {
  CreateReturnInput,
  ListReturnsInput,
  OrderReturnsInput,
  RefundReturnInput,
  RefuseReturnInput,
  ReturnIdInput,
  ReturnOptionsInput,
  WithdrawReturnInput,
} from '#shared/schemas/returns';
import { mutation, query } from '#server/operations/define';
import { bodyWithId, pathIds } from '#server/operations/rest-shapes';
import { ReturnOptionsReply, ReturnPageReply, ReturnPolicyReply, ReturnRequestReply } from '#shared/dto/returns';
import { sendExchange } from './returns-exchange.service';
import { createReturn, returnOptions, returnPolicy } from './returns.service';
import * as staff from './returns-staff.service';
import { withdrawReturn } from './returns-withdraw.service';

const byId = pathIds({ id: 'id' });

export const returnsOperations = {
  policy: query({ access: 'public', output: ReturnPolicyReply, run: (caller) => returnPolicy(caller) }),
  options: query({
    access: 'public',
    input: ReturnOptionsInput,
    output: ReturnOptionsReply,
    run: (caller, input) => returnOptions(caller, input, caller.actor, caller.clientIp),
  }),
  create: mutation({
    access: 'public',
    limit: 'track',
    input: CreateReturnInput,
    output: ReturnRequestReply,
    run: (caller, input) => createReturn(caller, input, caller.actor, caller.clientIp),
    rest: { method: 'POST', path: '/returns', status: 201 },
  }),
  withdraw: mutation({
    access: 'public',
    limit: 'track',
    input: WithdrawReturnInput,
    output: ReturnRequestReply,
    run: (caller, input) => withdrawReturn(caller, input, caller.actor, caller.clientIp),
  }),
  page: query({
    access: 'staff',
    input: ListReturnsInput,
    output: ReturnPageReply,
    run: (caller, input) => staff.listReturns(caller, input),
    rest: { method: 'GET', path: '/Returns' },
  }),
  ofOrder: query({
    access: 'staff',
    input: OrderReturnsInput,
    run: (caller, input) => staff.returnsOfOrder(caller, input.orderId),
  }),
  approve: mutation({
    access: 'staff',
    output: ReturnRequestReply,
    input: ReturnIdInput,
    run: (caller, input) => staff.approveReturn(caller, input.id, caller.actor),
    rest: { method: 'PUT', path: '/Returns/:id/Approve', input: byId },
  }),
  receive: mutation({
    access: 'staff',
    output: ReturnRequestReply,
    input: ReturnIdInput,
    run: (caller, input) => staff.receiveReturn(caller, input.id, caller.actor),
    rest: { method: 'PUT', path: '/Returns/:id/Receive', input: byId },
  }),
  refuse: mutation({
    access: 'staff',
    output: ReturnRequestReply,
    input: RefuseReturnInput,
    run: (caller, input) => staff.refuseReturn(caller, input, caller.actor),
    rest: { method: 'PUT', path: '/Returns/:id/Refuse', input: bodyWithId('id') },
  }),
  refund: mutation({
    access: 'staff',
    output: ReturnRequestReply,
    input: RefundReturnInput,
    run: (caller, input) => staff.refundReturn(caller, input, caller.actor),
    rest: { method: 'PUT', path: '/Returns/:id/Refund', input: bodyWithId('id') },
  }),
  sendExchange: mutation({
    access: 'staff',
    output: ReturnRequestReply,
    input: ReturnIdInput,
    run: (caller, input) => sendExchange(caller, input.id, caller.actor),
    rest: { method: 'PUT', path: '/Returns/:id/Exchange', input: byId },
  }),
};
