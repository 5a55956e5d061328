// The privacy policy's notice about the identity provider: shown on /privacy and on /account/verification before a
// member starts, from this one place so the two never differ.
export function IdentityProviderNotice() {
  return (
    <>
      <p>
        To keep Rhema a community of real people, we ask members to verify their identity. Verification is
        carried out by an independent third-party provider acting for us. When you verify, the provider
        collects and processes:
      </p>
      <ul>
        <li>
          images of your identity document (such as a passport, driving licence or national identity card);
        </li>
        <li>images of your face, a selfie or short video, compared with the photo on your document;</li>
        <li>your identity document number;</li>
        <li>your address, where it appears on the document.</li>
      </ul>
      <p>
        The provider uses this information only to confirm that you are who you say you are and that you are
        over 18, and to prevent fraud. It keeps the images and data for as long as needed for that purpose and
        to meet its legal obligations, then deletes them. Rhema receives the result of the check (verified or
        not) and the date, not copies of your documents. Biometric comparison is done only with your explicit
        consent, given in the app when you start verification.
      </p>
    </>
  );
}
