import { describe, expect, it } from 'vitest';
import { checkImageFile, fitWithin } from './image-resize';

describe('checkImageFile', () => {
  it('refuses a file whose type is not an image', () => {
    expect(checkImageFile({ type: 'application/pdf', size: 1000 })).toBe('invalid-type');
    expect(checkImageFile({ type: '', size: 1000 })).toBe('invalid-type');
  });

  it('refuses an image larger than 10 MB and accepts one of exactly 10 MB', () => {
    expect(checkImageFile({ type: 'image/png', size: 10 * 1024 * 1024 + 1 })).toBe('too-large');
    expect(checkImageFile({ type: 'image/jpeg', size: 10 * 1024 * 1024 })).toBeNull();
  });

  it('can skip the type check (item photos only check the size)', () => {
    expect(checkImageFile({ type: '', size: 10 }, { requireImageType: false })).toBeNull();
  });
});

describe('fitWithin', () => {
  it('scales a landscape photo down to the width bound', () => {
    expect(fitWithin(4000, 3000, 400, 400)).toEqual({ width: 400, height: 300 });
  });

  it('scales a portrait photo down to the height bound', () => {
    expect(fitWithin(1080, 1920, 600, 450)).toEqual({ width: 253, height: 450 });
  });

  it('never enlarges a small picture', () => {
    expect(fitWithin(120, 80, 400, 400)).toEqual({ width: 120, height: 80 });
  });
});
