// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// The contract the sample dApp deploys through the wallet (its "Deploy a contract" button, with
/// the init code in examples/dapp/src/deployable.ts): it keeps who deployed it and counts pokes.
contract SampleDeployable {
    address public immutable deployer = msg.sender;
    uint256 public pokes;

    function poke() external {
        pokes += 1;
    }
}
