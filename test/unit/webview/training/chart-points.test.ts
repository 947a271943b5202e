import * as assert from 'node:assert/strict';
import { axisLabels, polylinePoints } from '../../../../src/webview/training/chart-points';

describe('training job page: the loss chart', () => {
  it('spans the steps left to right and puts the highest loss at the top, the lowest at the bottom', () => {
    const points = polylinePoints([{ step: 0, loss: 2 }, { step: 1, loss: 1 }, { step: 2, loss: 0.5 }]).split(' ');
    assert.deepEqual(points, ['4.0,4.0', '200.0,78.7', '396.0,116.0']);
  });

  it('draws nothing without a history, and one point as a flat line', () => {
    assert.equal(polylinePoints([]), '');
    assert.equal(polylinePoints([{ step: 0, loss: 1 }]), '4.0,60.0 396.0,60.0');
  });

  it('labels the axes with the highest and lowest loss and the first and last step, counted from 1 as the job counts them', () => {
    assert.deepEqual(axisLabels([{ step: 0, loss: 2.55 }, { step: 1, loss: 0.969699 }, { step: 2, loss: 0.388338 }]), { highestLoss: '2.5500', lowestLoss: '0.3883', firstStep: '1', lastStep: '3' });
    assert.equal(axisLabels([]), undefined);
  });
});
