import type { Certificate } from '@portal/contract';

/**
 * LinkedIn's documented "Add to profile" link for a certification: the form opens filled with
 * the name, the organisation, the issue and expiry month, the credential id and its URL.
 */
export function linkedInAddToProfileUrl(certificate: Certificate, organizationName: string): string {
  // Issue 31: issued when the board awarded it, not when its record was made.
  const issued = new Date(certificate.awardedOn);
  const expires = new Date(certificate.validTill);
  const params = new URLSearchParams({
    startTask: 'CERTIFICATION_NAME',
    name: certificate.name,
    organizationName,
    issueYear: String(issued.getUTCFullYear()),
    issueMonth: String(issued.getUTCMonth() + 1),
    expirationYear: String(expires.getUTCFullYear()),
    expirationMonth: String(expires.getUTCMonth() + 1),
    certUrl: certificate.verificationUrl,
    certId: certificate.certificateNo,
  });
  return `https://www.linkedin.com/profile/add?${params.toString()}`;
}
