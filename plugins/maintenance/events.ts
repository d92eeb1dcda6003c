/**
 * The webhook events of maintenance's actions (engine/src/webhooks/outbox.ts): issuing the CRS
 * releases the work order to service, so its audit row is a `released` event.
 */
import { defineReleaseActions } from '../../engine/src/webhooks/outbox.ts';

defineReleaseActions('issue CRS');
