import { describe, expect, it } from 'vitest';
import { detectSafetySignal } from './safety-signal';

describe('detectSafetySignal', () => {
  it.each([
    'Hi! Can you send me a deposit via PayPal first? Then I keep it for you',
    'I can ship it, just pay the shipping fee first',
    'Please do a bank transfer, my IBAN is PT50 0002 0123 1234 5678 9015 4',
    'Buy me a Steam card and I send the tent',
    'Send a small deposit and it is yours',
    'Western Union is fine for me',
    'Me puedes hacer una transferencia bancaria?',
    'Paga por MB Way e eu guardo',
    'Tu peux faire un virement ?',
    'Bitte per Überweisung, dann schicke ich es',
    'Zahl mir eine Anzahlung',
    'Ich nehme auch Gutscheinkarten',
    'Só preciso que faças um depósito',
  ])('flags a request for money: %s', (text) => {
    expect(detectSafetySignal(text)).toBe('payment');
  });

  it.each([
    'Text me on +351 912 345 678',
    'my number is 912345678, call me',
    'Call (21) 98765-4321 tomorrow',
    'write me at ana.ribeiro@example.com',
    'Add me on WhatsApp, easier',
    'wa.me/351912345678',
    'Find me on telegram @ana_lx',
    'https://t.me/ana_lx',
    'talk on Signal?',
    'Escríbeme por whatsapp',
    'message me on whats app',
    'tel:912345678',
  ])('flags contact details that leave the platform: %s', (text) => {
    expect(detectSafetySignal(text)).toBe('off_platform');
  });

  it.each([
    'Can we meet at 10:30 at the café?',
    'It cost me €20 new, 1.200 km on the bike',
    'The price was 15,50 € in the shop',
    'I am at Rua Augusta 123, 1100-048 Lisboa',
    'Postcode 75001 Paris, or SW1A 1AA London',
    'Leaving on 25/11/2026, or 25.11.2026 at 18:00',
    'I can do 12-14 or 16-18 tomorrow',
    'The tent is 2 x 1.4 m, 2.3 kg',
    'Deposit the bag at the hostel reception, I will pick it up',
    'There was no signal in the metro, sorry',
    'Sim, o sinal no metro é mau',
    'I paid 40 for it 2 years ago but you can have it for free',
    'Room 1204, building 3',
    'Thanks! See you Saturday',
  ])('leaves a harmless message alone: %s', (text) => {
    expect(detectSafetySignal(text)).toBeNull();
  });

  it('counts digits exactly: 8 is not a phone number, 9 is, 15 is, 16 is not', () => {
    expect(detectSafetySignal('call 9123 4567')).toBeNull();
    expect(detectSafetySignal('call 912 345 678')).toBe('off_platform');
    expect(detectSafetySignal('call +44 7911 123456 789')).toBe('off_platform');
    expect(detectSafetySignal('ref 1234 5678 9012 3456')).toBeNull();
  });

  it('groups split by two separators are several numbers, not one phone number', () => {
    expect(detectSafetySignal('Sizes in stock: 120  340  560')).toBeNull();
    expect(detectSafetySignal('Sizes in stock: 120 340 560')).toBe('off_platform');
  });

  it('payment wins when a message has both', () => {
    expect(detectSafetySignal('PayPal me at ana@example.com')).toBe('payment');
  });
});
