import { z } from 'zod';

// What the store apps' push providers take and answer (packages/core/src/notifications/store-push.ts).

/** The fields of a Google service-account key file (FCM_SERVICE_ACCOUNT_JSON) the FCM sender reads. */
export const ZFcmServiceAccount = z.object({
  project_id: z.string().min(1),
  client_email: z.string().min(3),
  private_key: z.string().includes('PRIVATE KEY'),
  private_key_id: z.string().optional(),
});
export type TFcmServiceAccount = z.infer<typeof ZFcmServiceAccount>;

/** Google's OAuth2 token endpoint's answer to a JWT bearer grant (RFC 7523). */
export const ZFcmTokenAnswer = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().positive(),
});

/** FCM HTTP v1's error answer (google.rpc.Status with FcmError and BadRequest details). */
export const ZFcmErrorAnswer = z.object({
  error: z
    .object({
      status: z.string().optional(),
      message: z.string().optional(),
      details: z
        .array(
          z.looseObject({
            errorCode: z.string().optional(),
            fieldViolations: z.array(z.looseObject({ field: z.string().optional() })).optional(),
          }),
        )
        .optional(),
    })
    .optional(),
});

/** APNs' error answer: `{ reason }`. */
export const ZApnsErrorAnswer = z.object({ reason: z.string().optional() });
