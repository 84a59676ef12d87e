// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// A stand-in for a Chainlink price feed (AggregatorV3Interface) on the local chain, so the
/// wallet shows fiat values offline. The answer is fixed by the deployer; `updatedAt` is the
/// current block time, as a feed that is kept fresh would report.
contract MockAggregator {
    uint8 public immutable decimals;
    string public description;
    uint256 public constant version = 4;
    int256 public answer;
    address public immutable owner;

    constructor(uint8 decimals_, string memory description_, int256 answer_) {
        decimals = decimals_;
        description = description_;
        answer = answer_;
        owner = msg.sender;
    }

    function setAnswer(int256 answer_) external {
        require(msg.sender == owner, "MockAggregator: only owner");
        answer = answer_;
    }

    function latestRoundData()
        external
        view
        returns (uint80 roundId, int256 answer_, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)
    {
        return (1, answer, block.timestamp, block.timestamp, 1);
    }
}
