// /kthimet: "Kthimet dhe ndërrimet", the returns and exchanges policy (decision 235), server-rendered, linked from the
// footer. Its screen has no form: the request form lives on the order page, loaded only there.
import { createFileRoute } from '@tanstack/react-router';
import { ReturnPolicy } from '../features/returns/return-policy';

export const Route = createFileRoute('/kthimet')({
  component: ReturnPolicy,
});
