import mail from '@/testing/vectors/eip712/eip712-mail-example.json';

export type MailTypedData = typeof mail.typedData;

/** The Ether Mail typed data as JSON, after `change`. */
export function mailJson(change: (t: MailTypedData & Record<string, unknown>) => void = () => {}): string {
  const typedData = structuredClone(mail.typedData) as MailTypedData & Record<string, unknown>;
  change(typedData);
  return JSON.stringify(typedData);
}
