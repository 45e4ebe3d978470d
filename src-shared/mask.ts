/** "alice@example.com" -> "a•••@example.com": enough to recognise one's own address, not to learn someone else's. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}

/** "+14155550134" -> "•••-•••-0134". */
export function maskPhone(phone: string): string {
  return `•••-•••-${phone.slice(-4)}`;
}
