import { router } from '../../trpc';
import { deletePhotoProcedure } from './delete-photo';
import { profileEditorProcedure } from './editor';
import { giveSpecialConsentProcedure } from './give-special-consent';
import { listPhotosProcedure } from './photos';
import { onboardingProcedure } from './onboarding';
import { reorderPhotosProcedure } from './reorder-photos';
import { saveOnboardingProcedure } from './save-onboarding';
import { specialConsentProcedure } from './special-consent';
import { updateProfileProcedure } from './update';
import { setVisibilityProcedure } from './visibility';
import { withdrawSpecialConsentProcedure } from './withdraw-special-consent';

export const profileRouter = router({
  editor: profileEditorProcedure,
  update: updateProfileProcedure,
  specialConsent: specialConsentProcedure,
  giveSpecialConsent: giveSpecialConsentProcedure,
  withdrawSpecialConsent: withdrawSpecialConsentProcedure,
  photos: listPhotosProcedure,
  reorderPhotos: reorderPhotosProcedure,
  deletePhoto: deletePhotoProcedure,
  setVisibility: setVisibilityProcedure,
  onboarding: onboardingProcedure,
  saveOnboarding: saveOnboardingProcedure,
});
