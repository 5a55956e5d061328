import {
  AppError,
  deletePhoto,
  getProfileEditor,
  getSpecialConsent,
  giveSpecialConsent,
  withdrawSpecialConsent,
  listMyPhotos,
  reorderPhotos,
  updateProfile,
  type PhotoStore,
} from '@rhema/core';
import {
  ZPhoto,
  ZPhotoIdRequest,
  ZPhotoOrderRequest,
  ZProfileEditor,
  ZProfileUpdate,
  ZSpecialConsentGrant,
  ZSpecialConsentState,
} from '@rhema/schemas';
import { z } from 'zod';
import { authenticatedProcedure, router } from '../../trpc';

// Profile editing at /account/profile (issue 11, item 1). Photos are uploaded by POST /api/photos
// (apps/server/src/routes/photos.ts: a file is no JSON input); listed, ordered and deleted here.

function photoStore(store: PhotoStore | null): PhotoStore {
  if (!store) throw new AppError('UNAVAILABLE', 'Photos cannot be changed here.');
  return store;
}

export const profileRouter = router({
  editor: authenticatedProcedure
    .input(z.object({}).optional())
    .output(ZProfileEditor)
    .query(({ ctx }) => getProfileEditor({ db: ctx.db, userId: ctx.user.id })),
  update: authenticatedProcedure
    .input(ZProfileUpdate)
    .output(ZProfileEditor)
    .mutation(({ ctx, input }) => updateProfile({ db: ctx.db, userId: ctx.user.id, input, now: ctx.now() })),
  // the special-category consent (faith, ethnicity, tribe): docs/decisions/080-self-matching.md
  specialConsent: authenticatedProcedure
    .input(z.object({}).optional())
    .output(ZSpecialConsentState)
    .query(({ ctx }) => getSpecialConsent({ db: ctx.db, userId: ctx.user.id })),
  giveSpecialConsent: authenticatedProcedure
    .input(ZSpecialConsentGrant)
    .output(ZSpecialConsentState)
    .mutation(({ ctx }) => giveSpecialConsent({ db: ctx.db, userId: ctx.user.id, now: ctx.now() })),
  withdrawSpecialConsent: authenticatedProcedure
    .input(z.object({}).optional())
    .output(ZSpecialConsentState)
    .mutation(({ ctx }) => withdrawSpecialConsent({ db: ctx.db, userId: ctx.user.id, now: ctx.now() })),
  photos: authenticatedProcedure
    .input(z.object({}).optional())
    .output(z.array(ZPhoto))
    .query(({ ctx }) => listMyPhotos({ db: ctx.db, userId: ctx.user.id })),
  reorderPhotos: authenticatedProcedure
    .input(ZPhotoOrderRequest)
    .output(z.array(ZPhoto))
    .mutation(({ ctx, input }) => reorderPhotos({ db: ctx.db, userId: ctx.user.id, ids: input.ids })),
  deletePhoto: authenticatedProcedure
    .input(ZPhotoIdRequest)
    .output(z.array(ZPhoto))
    .mutation(({ ctx, input }) =>
      deletePhoto({ db: ctx.db, store: photoStore(ctx.photoStore), userId: ctx.user.id, id: input.id }),
    ),
});
