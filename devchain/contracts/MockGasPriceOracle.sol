// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// Test stand-in for the OP Stack GasPriceOracle predeploy: an L1 data fee that grows with the
/// size of the serialized transaction, as the real one does. Not deployed by the seed script.
contract MockGasPriceOracle {
    function getL1Fee(bytes calldata data) external pure returns (uint256) {
        return 1e12 + data.length * 1e9;
    }
}
