// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// A stand-in for a Chainlink price feed proxy (AggregatorV3Interface) on the local chain, so the
/// wallet shows fiat values and their history offline. Like a real proxy it numbers rounds by
/// phase: a round id is `phaseId << 64 | n`, and n starts again at 1 when the phase changes
/// (Chainlink moves a feed to a new aggregator that way). The deployer records past rounds with
/// the times they were answered; a round recorded with time 0 is missing and reverts when read,
/// as rounds an aggregator never answered do.
contract MockAggregator {
    /// One storage slot per round, as Chainlink's OCR aggregators keep answers in int192.
    struct Round {
        int192 answer;
        uint64 updatedAt;
    }

    uint8 public immutable decimals;
    string public description;
    uint256 public constant version = 4;
    address public immutable owner;
    uint16 public phaseId = 1;
    mapping(uint16 => Round[]) private rounds;

    constructor(uint8 decimals_, string memory description_) {
        decimals = decimals_;
        description = description_;
        owner = msg.sender;
    }

    modifier onlyOwner() {
        require(msg.sender == owner, "MockAggregator: only owner");
        _;
    }

    /// Records rounds of the current phase, oldest first; a time of 0 records a missing round.
    function addRounds(int192[] calldata answers, uint64[] calldata times) external onlyOwner {
        require(answers.length == times.length, "MockAggregator: lengths differ");
        for (uint256 i = 0; i < answers.length; i++) {
            rounds[phaseId].push(Round(answers[i], times[i]));
        }
    }

    /// Starts a new phase: later rounds are numbered from 1 under the next phase id.
    function startPhase() external onlyOwner {
        phaseId += 1;
    }

    /// A new round answered now.
    function setAnswer(int192 answer_) external onlyOwner {
        rounds[phaseId].push(Round(answer_, uint64(block.timestamp)));
    }

    function latestRoundData()
        external
        view
        returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)
    {
        // The last round with data, going back through missing rounds and empty phases.
        for (uint16 phase = phaseId; phase > 0; phase--) {
            for (uint256 n = rounds[phase].length; n > 0; n--) {
                if (rounds[phase][n - 1].updatedAt != 0) return getRoundData(uint80((uint256(phase) << 64) | n));
            }
        }
        revert("No data present");
    }

    function getRoundData(uint80 roundId_)
        public
        view
        returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)
    {
        uint16 phase = uint16(roundId_ >> 64);
        uint64 n = uint64(roundId_);
        require(n >= 1 && n <= rounds[phase].length, "No data present");
        Round memory round = rounds[phase][n - 1];
        require(round.updatedAt != 0, "No data present");
        return (roundId_, round.answer, round.updatedAt, round.updatedAt, roundId_);
    }
}
